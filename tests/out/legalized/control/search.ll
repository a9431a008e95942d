define dllexport void @search(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  br label %bb1
bb1:
  %v1 = phi i32 [ 0, %bb0 ], [ %v5, %bb2 ]
  %v2 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v2, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v4 = icmp slt i32 %v3, 0
  br i1 %v4, label %bb3, label %bb2
bb2:
  %v5 = add i32 %v1, 2
  %v6 = icmp sge i32 %v5, %arg2
  br i1 %v6, label %bb4, label %bb1
bb3:
  %v7 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v2, i32 %v1, i32 0, i32 1, i32 1, i16 28, i32 undef, i1 true)
  br label %bb5
bb4:
  br label %bb5
bb5:
  %v8 = phi <8 x i32> [ %v7, %bb3 ], [ <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %bb4 ]
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v0, <8 x i32> %v8)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @search, !"search", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !""}
