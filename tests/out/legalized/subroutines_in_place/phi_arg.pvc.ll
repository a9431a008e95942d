define dllexport void @phi_arg(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v0)
  br label %bb1
bb1:
  %v2 = phi <8 x i32> [ %v1, %bb0 ], [ %v4, %bb1 ]
  %v3 = phi i32 [ 0, %bb0 ], [ %v5, %bb1 ]
  %v4 = call <8 x i32> @bump_phi_arg(<8 x i32> %v2)
  %v5 = add i32 %v3, 1
  %v6 = icmp slt i32 %v5, %arg1
  br i1 %v6, label %bb1, label %bb2
bb2:
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v0, <8 x i32> %v4)
  ret void
}

define internal <8 x i32> @bump_phi_arg(<8 x i32> %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v1 = add i32 %v0, 7
  %v2 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %arg0, i32 %v1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  ret <8 x i32> %v2
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @phi_arg, !"phi_arg", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
