define dllexport void @out_pass(i32 %arg0, <8 x i32> %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %arg2, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v3 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v2, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v4 = add <8 x i32> %arg1, %v3
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v1, <8 x i32> %v4)
  call void @llvm.genx.output.1.v8i32(<8 x i32> %arg1, i32 1)
  call void @llvm.genx.output.1(i32 %arg2, i32 2)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.output.1(i32, i32)
declare void @llvm.genx.output.1.v8i32(<8 x i32>, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, i32)* @out_pass, !"out_pass", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 132, i32 164}
!3 = !{i32 0, i32 3, i32 3}
!4 = !{!"buffer_t read_write", !"", !""}
