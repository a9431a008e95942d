define dllexport void @pick(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v0)
  switch i32 %arg1, label %bb4 [ i32 0, label %bb1 i32 1, label %bb2 i32 5, label %bb3 ]
bb1:
  %v2 = add <8 x i32> %v1, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  br label %bb4
bb2:
  %v3 = shl <8 x i32> %v1, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  br label %bb4
bb3:
  %v4 = sub <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v1
  br label %bb4
bb4:
  %v5 = phi <8 x i32> [ %v1, %bb0 ], [ %v2, %bb1 ], [ %v3, %bb2 ], [ %v4, %bb3 ]
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v0, <8 x i32> %v5)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @pick, !"pick", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
